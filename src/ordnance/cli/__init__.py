"""The command-line face (Typer + Rich). It decides no rule: every command
calls a game procedure and prints what it returns."""
