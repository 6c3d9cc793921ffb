"""Files the GUI loads: unit icons (SVG), tinted per nation when drawn (`pacific.gui.icons`)."""
