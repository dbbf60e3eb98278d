// Gestures module.
