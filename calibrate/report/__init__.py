"""report.html: measured points against the fitted curves."""
