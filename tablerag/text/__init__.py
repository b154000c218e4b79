"""Text helpers shared by every layer above the model (tokens for lexical matching)."""
