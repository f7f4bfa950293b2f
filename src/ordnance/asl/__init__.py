"""ASL Chapter C8 (Special Ammunition): rules, side record and odds."""
