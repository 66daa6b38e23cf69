"""companion: a Raspberry Pi table companion for the Bohnanza family of games."""

__version__ = "0.1.0"
