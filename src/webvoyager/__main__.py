"""`python -m webvoyager ...`: the same as the `webvoyager` command."""

from webvoyager.cli import main

if __name__ == "__main__":
    main()
