"""``ordnance <game> game <action> GAME_ID --field ...``: game actions derived from their forms.

One implementation for every game: each action type the game takes
(:meth:`~ordnance.core.game.Game.action_kinds`) becomes a command whose
options are the fields of its form (:meth:`~ordnance.core.game.Game.action_form`,
the JSON-schema form ``legal()`` hands the table page): a field's title is the
option's help, an ``enum`` becomes the option's choices (its completions), a
list field takes the option again for each item. ``--as SEAT`` names who acts;
``--dice``/``--dr`` and ``--seed`` are offered only where the form says the
action rolls (``"x-dice"``). Beside the actions every game gets the same
``new``, ``view``, ``log``, ``undo``, ``legal`` and ``act``.

The choices are those of the game named on the command line: the group reads
``GAME_ID`` (the first word after the action), ``--db`` and ``--as`` before it
builds the command, so ``--unit`` offers that seat's units. Without a game id
(``--help``) the form of a new game with default settings is used.

A game adds nothing for its actions; it may pass :class:`Alias` entries for
the spellings its older commands used (positional fields, renamed options),
and register commands of its own on the Typer app (they win over derived
ones of the same name).

One module a part:

* :mod:`.form_fields`: a form field as a Click option or argument;
* :mod:`.shared_options`: ``--as``, the dice, ``--version``, ``--db``, ``--json``;
* :class:`~ordnance.core.commands.Alias` (declared by the games): an older spelling;
* :mod:`.action`: one action form as one command, and :func:`take`;
* :mod:`.shared_commands`: ``new``, ``view``, ``log``, ``undo``, ``legal``, ``act``;
* :mod:`.render`: how those commands print (Rich, imported when they print);
* :mod:`.resolve`: which command a word names (:func:`derived_command`);
* :mod:`.groups`: the groups a game mounts (:func:`game_group`,
  :func:`alias_group`, :func:`default_app`).

A name is imported from the part that defines it (the package re-exports
nothing), so ``ordnance game --help`` loads the shared commands without the
registry and the games. The parts are imported only when ``ordnance <game>
...`` runs (see :mod:`ordnance.cli.lazy`); the journal is opened only when a
command runs.
"""
