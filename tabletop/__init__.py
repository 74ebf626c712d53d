"""Tabletop: a desktop card table with five card games."""

__version__ = "0.1.0"
