"""ASL Chapter C8 (Special Ammunition): rules, side record and odds."""

#: Where ``ordnance asl ...`` and ``ordnance odds asl ...`` live, read by the command line
#: without loading the plug-in (and so the rules): the same paths as the plug-in's.
CLI = "ordnance.cli.asl:app"
ODDS_CLI = "ordnance.cli.asl:odds_app"
#: The calculators ASL declares (every face derives its questions from them).
CALCULATORS = "ordnance.asl.calculators:CALCULATORS"
