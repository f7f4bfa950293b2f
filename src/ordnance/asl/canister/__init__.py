"""Canister (ASL-8.4 to ASL-8.42), one step a module.

:mod:`~ordnance.asl.settings` the documented alternatives (ASL-AMB-7 to -10), :mod:`.aim` the
aim points (ASL-8.4-h, -j, -k), :mod:`.ca` the CA change (ASL-8.4-d),
:mod:`.attacks` the attacked Locations (ASL-8.4-a, -c, -e, -i, 8.41),
:mod:`.resolve` one Original DR judged (ASL-8.4-b, -f, -g, 8.42), :mod:`.odds` the
exact distribution and :mod:`.question` the calculator's question. The game's
``fire_canister`` action is :mod:`ordnance.asl.procedures.fire_canister`.
"""
