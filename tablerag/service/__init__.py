"""`tablerag serve`: an HTTP service over one index (FastAPI + uvicorn, extra `service`).

Tenants are enforced at the door: every API key maps to a tenant (and optionally an access level); every request's
filters are intersected with the key's scope, and every upload is tagged with it (see `auth`). Nothing here is
imported by `import tablerag`.
"""
