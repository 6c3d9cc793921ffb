"""Headless commands and the program's entry point."""
