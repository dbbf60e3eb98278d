// A Qt 5 / Kirigami 2 app for issue 35's routing check: a Kirigami.ApplicationWindow whose pageStack (a PageRow,
// one column at this width) holds three pages "one" > "two" > "three". It opens on "one" and, like a user, pushes
// "two" and "three"; every change of the current page is printed as "qml: page NAME" (Qt prints console.log to
// standard error), so a test reads the app's own state. Kirigami goes back on Alt+Left (StandardKey.Back) and the
// mouse Back button, and its PageRow on Qt's Key_Back too, which KEY_BACK is (measured: Tests/VM/apps/back-keys).
// Run: QT_QPA_PLATFORM=wayland qmlscene kirigami-pages.qml  (Debian 12: qmlscene, qml-module-org-kde-kirigami2)
// app_id: qmlscene (Qt's default, the binary's name).
import QtQuick 2.15
import QtQuick.Controls 2.15 as Controls
import org.kde.kirigami 2.20 as Kirigami

Kirigami.ApplicationWindow {
    id: root
    title: "EdgeSwipe test: Kirigami"
    width: 360
    height: 640
    pageStack.initialPage: page.createObject(root, { title: "one" })

    Component {
        id: page
        Kirigami.Page {
            Controls.Label { anchors.centerIn: parent; text: "page " + parent.title }
        }
    }

    Component.onCompleted: console.log("page " + pageStack.currentItem.title)

    Connections {
        target: root.pageStack
        function onCurrentItemChanged() {
            if (root.pageStack.currentItem) console.log("page " + root.pageStack.currentItem.title)
        }
    }

    Timer {
        id: forward
        property var names: Qt.application.arguments.indexOf("--stay") >= 0 ? [] : ["two", "three"]
        interval: 300
        repeat: true
        running: names.length > 0
        onTriggered: {
            root.pageStack.push(page, { title: names[0] })
            names = names.slice(1)
            if (names.length === 0) stop()
        }
    }
}
