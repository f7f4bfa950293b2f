"""World at War, section 8 artillery: HE Fire, Smoke and FASCAM missions.

Layout (the same in every game, docs/architecture.md "One layout for every game"):
``rules/`` the catalogue of unit and terrain types, HE Fire (salvo, defence, Hit
allocation, HQ check), Smoke, FASCAM, mines, LOS through Smoke and the units;
``procedures/`` one module per action (the HE Fire, Smoke and FASCAM missions, a
unit's own fire, movement, the Marker Removal Phase); ``odds/`` the odds of an
action and of an HE Fire mission, in closed form. At the top: ``plugin``,
``actions``, ``settings``, ``setup`` (terrain, units and conditions placed),
``state``, ``dispatch``, ``legal``, ``seats``, ``turns``, ``views``, ``shapes``,
``scenario``, ``calculators`` (the stand-alone questions) and ``commands`` (the
older spellings of action commands).

Clause ids (``WAW-HE-a``, ``WAW-8.2-c``, ``WAW-AMB-3``...) are those of the
project's rules notes; ``grep`` one to find the code and its tests.
"""

#: Where the calculators and command spellings are declared, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CALCULATORS = "ordnance.waw.calculators:CALCULATORS"
COMMANDS = "ordnance.waw.commands:COMMANDS"
