"""Tide of Iron: the Fury of the Bear munitions specialization tokens.

The module keeps each nation's hidden munitions tokens (HE, AP-B, AP-C, Smoke),
enforces the purchase window and the on-board cap, applies each token to the
attack that reveals it, resolves Smoke rounds with their drift, and gives the
exact odds of every choice.

Layout (the same in every game, docs/architecture.md "One layout for every game"):
``rules/`` the munitions tokens, the attack, damage, Smoke, the map and its LOS, the
units and the catalogue, and the readings of the settings they take; ``procedures/``
one module per action (buy, discard, Op Fire, command, move, the attack rolled, the
Smoke round, the Status Phase); ``odds/`` the odds of an action and the munitions
advice. At the top: ``plugin`` (the Game class), ``actions``, ``settings``,
``setup`` (a new game), ``state``, ``dispatch`` (each action to its procedure, the
clause of each roll), ``legal``, ``seats`` (the seat check and the events only one
nation sees in full), ``turns``, ``views``, ``shapes``, ``scenario``,
``calculators`` (the stand-alone questions, declared once for every face) and
``commands`` (the older spellings of action commands).

Clause ids (``TOI-GEN-4``, ``TOI-HE-3``, ``TOI-AMB-7``...) come from the
reference notes shipped with the project; core Tide of Iron facts are cited by
the notes' Part B section (``TOI-B2`` = range bands, ``TOI-B10`` = smoke...).
"""

#: Where the calculators and command spellings are declared, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CALCULATORS = "ordnance.toi.calculators:CALCULATORS"
COMMANDS = "ordnance.toi.commands:COMMANDS"
