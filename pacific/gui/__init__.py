"""The desktop interface: the only package that imports PySide6."""
