"""The tracker: what the camera sees (vision's readings) and what players press
become the engine's actions. It knows the games' moves, not how pictures are read."""
