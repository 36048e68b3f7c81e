"""GMT's Plantagenet (Levy & Campaign IV): a pure rules engine."""
