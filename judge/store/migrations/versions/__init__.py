"""The store's migration scripts, one per schema change, applied in order by ``judge.store.migrate``."""
