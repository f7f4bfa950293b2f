"""The whole Gun shot as one pure procedure, one step a module (notes B5, B6; ASL-8.9).

:mod:`.resolve` holds the order of the steps (:func:`~.resolve.resolve_shot`):
:mod:`.spec` the declaration (ASL-8.1-a), :mod:`.plan` steps 1 and 2 before any
die, :mod:`.outcome` the resolved shot, :mod:`.effect` step 4 (:mod:`~ordnance.asl.rules.to_kill` a
vehicle, :mod:`~ordnance.asl.rules.ift` Infantry), :mod:`.canister` the Canister branch; around them
:mod:`.checks`, :mod:`.setup`, :mod:`.record` (the game's record of a shot),
:mod:`.sequence` (Multiple ROF), :mod:`.odds`, :mod:`.preview`, and the questions
:mod:`.query` and :mod:`.question` the calculators ask.
"""
