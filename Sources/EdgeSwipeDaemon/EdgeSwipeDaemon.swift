// EdgeSwipeDaemon module.
