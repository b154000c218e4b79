"""`python -m tablerag.cli`."""

from tablerag.cli import main

main()
