// Navigation module.
