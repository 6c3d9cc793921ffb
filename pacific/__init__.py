"""Pacific: Axis & Allies Pacific (2001) as a desktop game, every rule enforced."""

__version__ = "0.1.0"
APP_NAME = "Pacific"
