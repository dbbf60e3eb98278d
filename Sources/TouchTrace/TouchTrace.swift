// TouchTrace module.
