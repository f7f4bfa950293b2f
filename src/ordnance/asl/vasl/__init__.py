"""VASL saves in pure Python: read a ``.vsav``, import its Guns into a game, write a label.

* :mod:`.reader`: the archive, VASSAL's obfuscation and command encoding;
* :mod:`.pieces`: the vehicles and ordnance of a save (kind, nationality,
  notation, board and hex) and their readings at a date;
* :mod:`.importer`: the save into an ASL game through the game's own
  ``add_gun`` actions (the journal stays the truth);
* :mod:`.label`: the side record as HTML for a VASL label.

No Java, no VASSAL, no Typer or Rich here: the faces (``ordnance asl vasl``,
the lobby's upload) call these.
"""
