"""Opens an encrypted Game Cloud hand-off (format version 1, README
"Encrypted hand-off") with Python's `cryptography`, independently of the
panel: `handoff.py FILE PASSPHRASE` prints the plaintext (`key value` lines), or `--seal`
(`handoff.py --seal PASSPHRASE < plaintext > file`) writes a file the panel
must open."""
import base64
import os
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unb64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def derive(passphrase, salt):
    return PBKDF2HMAC(hashes.SHA256(), 48, salt, 600_000).derive(passphrase.encode())


def open_file(text, passphrase):
    lines = [l.strip() for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#")]
    assert lines[0] == "gamecloud-handoff 1", lines[0]
    _, rounds, salt, check = lines[1].split(" ")
    assert rounds == "600000"
    _, iv, length = lines[2].split(" ")
    data = b64(lines[3])
    assert len(data) == int(length)
    key = derive(passphrase, b64(salt))
    assert key[32:] == b64(check), "wrong passphrase"
    return AESGCM(key[:32]).decrypt(b64(iv), data, lines[0].encode())


def seal(plaintext, passphrase):
    salt, iv = os.urandom(16), os.urandom(12)
    key = derive(passphrase, salt)
    data = AESGCM(key[:32]).encrypt(iv, plaintext, b"gamecloud-handoff 1")
    return (
        "gamecloud-handoff 1\n"
        f"pbkdf2-sha256 600000 {unb64(salt)} {unb64(key[32:])}\n"
        f"aes-256-gcm {unb64(iv)} {len(data)}\n{unb64(data)}\n"
    )


if __name__ == "__main__":
    if sys.argv[1] == "--seal":
        sys.stdout.write(seal(sys.stdin.buffer.read(), sys.argv[2]))
    else:
        with open(sys.argv[1], encoding="utf-8") as f:
            sys.stdout.write(open_file(f.read(), sys.argv[2]).decode())
