"""World at War, section 8 artillery: HE Fire, Smoke and FASCAM missions.

* :mod:`.catalogue`: unit types (AP/HE ratings, armour class, Advanced
  Imaging) and terrain (infantry Defensive Bonus), from editable package data;
* :mod:`.he_fire`: the salvo, defence, Hit allocation and HQ check;
* :mod:`.smoke`, :mod:`.fascam`, :mod:`.los`: markers and line of sight;
* :mod:`.odds`: exact odds in closed form, checked against enumeration;
* :mod:`.state`, :mod:`.actions`, :mod:`.settings`: the game's values, its
  actions and its settings;
* one module per procedure: :mod:`.setup` (terrain, units, conditions),
  :mod:`.he_mission`, :mod:`.smoke_mission`, :mod:`.fascam_mission`,
  :mod:`.mines` (a unit attacked by mines), :mod:`.move`, :mod:`.fire`,
  :mod:`.marker_removal` (the end of a turn) and :mod:`.turns`;
* :mod:`.dispatch`: each action to its procedure, and the clause of each roll;
* :mod:`.legal`, :mod:`.views`, :mod:`.action_odds`, :mod:`.los_answer`: what a
  seat may do and see, the odds of an action and the LOS answer;
* :mod:`.plugin`: the :class:`~ordnance.core.game.Game` class and its registry entry;
* :mod:`.calculators`: the stand-alone questions (HE Fire and FASCAM odds, LOS,
  the reference tables), declared once: every face derives its commands, routes
  and forms from them; :mod:`.commands`: the older spellings of action commands.

Clause ids (``WAW-HE-a``, ``WAW-8.2-c``, ``WAW-AMB-3``...) are those of the
project's rules notes; ``grep`` one to find the code and its tests.
"""

#: Where the calculators and command spellings are declared, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CALCULATORS = "ordnance.waw.calculators:CALCULATORS"
COMMANDS = "ordnance.waw.commands:COMMANDS"
