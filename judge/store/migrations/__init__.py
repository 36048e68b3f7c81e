"""The store's Alembic environment (``env.py``) and migration scripts (``versions/``)."""
