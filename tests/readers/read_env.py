"""Reads each `.env` of the directories named on the command line with
python-dotenv (`dotenv_values`, which interpolates `${VAR}` by default) and
prints what it made of them as JSON."""
import json
import os
import sys

from dotenv import dotenv_values

print(json.dumps({d: {"python-dotenv": dotenv_values(os.path.join(d, ".env"))} for d in sys.argv[1:]}))
