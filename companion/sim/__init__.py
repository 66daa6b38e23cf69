"""Test doubles and synthetic worlds, in one package of their own (as gpiozero
keeps MockFactory in pins/mock.py): fake clocks, synthetic tables that draw the
dice and the cards the camera would see, simulated players. Used by the demo and
the tests; never imported by the readers, the service or the CLI's real paths."""
