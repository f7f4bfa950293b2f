"""ASL Chapter C8 (Special Ammunition): rules, side record and odds.

Layout (the same in every game, docs/architecture.md "One layout for every game"):
``rules/`` the charts and their pure rules (To Hit, To Kill, IFT, depletion, supply,
HEAT, HE Equivalency, SMOKE/WP, notation, the counter database and library, dates,
phases, the board); ``procedures/`` one module per action (add_gun, set_phase and
done, declare_ammo, fire, place_smoke, fire_canister, fire_scw, turn_ca); ``odds/``
the odds of an action and of the depletion check. Two topic packages of ASL alone:
``shot/`` the whole Gun shot, one step a module, and ``canister/`` Canister off the
map; ``vasl/`` reads VASL files. At the top: ``plugin``, ``actions``, ``settings``,
``setup``, ``state``, ``dispatch``, ``legal``, ``seats``, ``turns``, ``views``,
``shapes``, ``scenario`` and ``calculators``.
"""

#: Where ``ordnance asl ...`` and ``ordnance odds asl ...`` live, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CLI = "ordnance.cli.asl:app"
ODDS_CLI = "ordnance.cli.asl:odds_app"
#: The calculators ASL declares (every face derives its questions from them).
CALCULATORS = "ordnance.asl.calculators:CALCULATORS"
