"""Tide of Iron: the Fury of the Bear munitions specialization tokens.

The module keeps each nation's hidden munitions tokens (HE, AP-B, AP-C, Smoke),
enforces the purchase window and the on-board cap, applies each token to the
attack that reveals it, resolves Smoke rounds with their drift, and gives the
exact odds of every choice.

Layout (small modules named for the game's own words):

* :mod:`.munitions`: the four token types and what each does to an attack;
* :mod:`.settings`: the game settings, one field per documented ambiguity;
  :mod:`.readings` holds the defaults of those the attack and Smoke rules read,
  as plain values (the stand-alone odds commands need no Pydantic);
* :mod:`.attack`: range bands, Hit Numbers, defence dice, combined fire and the
  pure resolving function (black attack dice, then red defence dice);
* :mod:`.damage`: applying net hits to a vehicle or a squad (documented default);
* :mod:`.smoke`: the Smoke round, its drift and its exact outcome distribution;
* :mod:`.units` / :mod:`.catalogue`: unit profiles and the sample catalogue;
* :mod:`.hexmap`: the map (terrain, buildings, elevation, cover, LOS);
* :mod:`.state`, :mod:`.actions`, :mod:`.setup`: the game's values, its
  actions and a new game;
* one module per procedure: :mod:`.buy`, :mod:`.discard`, :mod:`.op_fire`,
  :mod:`.command`, :mod:`.move`, :mod:`.targeting` (an attack planned),
  :mod:`.combat` (the attack rolled), :mod:`.smoke_round`, :mod:`.firer`
  (what firing does to the firers), :mod:`.status_phase` and :mod:`.turns`;
* :mod:`.dispatch`: each action to its procedure, and the clause of each roll;
* :mod:`.seats`: the seat check and the events only one nation sees in full;
* :mod:`.legal`, :mod:`.views`, :mod:`.action_odds`, :mod:`.los_answer`: what a
  seat may do, may see (face-down tokens hidden from the opponent), the odds
  and the LOS answer;
* :mod:`.advice`: ranking the munitions against a target;
* :mod:`.plugin`: the Game class with its registration;
* :mod:`.calculators`: the stand-alone questions (attack odds, Smoke, advice,
  reference tables), declared once: every face derives its commands, routes
  and forms from them; :mod:`.commands`: the older spellings of action commands.

Clause ids (``TOI-GEN-4``, ``TOI-HE-3``, ``TOI-AMB-7``...) come from the
reference notes shipped with the project; core Tide of Iron facts are cited by
the notes' Part B section (``TOI-B2`` = range bands, ``TOI-B10`` = smoke...).
"""

#: Where the calculators and command spellings are declared, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CALCULATORS = "ordnance.toi.calculators:CALCULATORS"
COMMANDS = "ordnance.toi.commands:COMMANDS"
