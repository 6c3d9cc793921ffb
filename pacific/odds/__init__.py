"""Exact battle odds."""
