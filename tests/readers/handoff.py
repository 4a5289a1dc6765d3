"""Opens an encrypted Game Cloud hand-off (format version 1 or 2, docs/HANDOFF.md
"The encrypted hand-off") with Python's `cryptography`, independently of the
panel: `handoff.py FILE PASSPHRASE` prints the plaintext (`key value` lines),
`--seal` (`handoff.py --seal PASSPHRASE < plaintext > file`) writes a version
2 file the panel must open, and `--seal-v1` a version 1 file, as panels
sealed before version 2."""
import base64
import os
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.pbkdf2 import PBKDF2HMAC

# Each version's first line (also the cipher's additional data) and the first
# word of its key derivation line.
KDF = {"gamecloud-handoff 1": "pbkdf2-sha256", "gamecloud-handoff 2": "pbkdf2-sha256-hkdf"}


def b64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def unb64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def derive(first, passphrase, salt):
    """The AES-256-GCM key and the passphrase check."""
    if first == "gamecloud-handoff 1":
        # 48 bytes of PBKDF2: the key, then the check.
        derived = PBKDF2HMAC(hashes.SHA256(), 48, salt, 600_000).derive(passphrase.encode())
        return derived[:32], derived[32:]
    # 32 bytes of PBKDF2, split by HKDF-SHA256 (empty salt) with one info each.
    derived = PBKDF2HMAC(hashes.SHA256(), 32, salt, 600_000).derive(passphrase.encode())
    hkdf = lambda info, n: HKDF(hashes.SHA256(), n, b"", info).derive(derived)
    return hkdf(b"gamecloud-handoff 2 key", 32), hkdf(b"gamecloud-handoff 2 check", 16)


def open_file(text, passphrase):
    lines = [l.strip() for l in text.splitlines() if l.strip() and not l.lstrip().startswith("#")]
    assert lines[0] in KDF, lines[0]
    name, rounds, salt, check = lines[1].split(" ")
    assert name == KDF[lines[0]] and rounds == "600000", lines[1]
    _, iv, length = lines[2].split(" ")
    data = b64(lines[3])
    assert len(data) == int(length)
    key, derived_check = derive(lines[0], passphrase, b64(salt))
    assert derived_check == b64(check), "wrong passphrase"
    return AESGCM(key).decrypt(b64(iv), data, lines[0].encode())


def seal(plaintext, passphrase, first="gamecloud-handoff 2"):
    salt, iv = os.urandom(16), os.urandom(12)
    key, check = derive(first, passphrase, salt)
    data = AESGCM(key).encrypt(iv, plaintext, first.encode())
    return (
        f"{first}\n"
        f"{KDF[first]} 600000 {unb64(salt)} {unb64(check)}\n"
        f"aes-256-gcm {unb64(iv)} {len(data)}\n{unb64(data)}\n"
    )


if __name__ == "__main__":
    if sys.argv[1] == "--seal":
        sys.stdout.write(seal(sys.stdin.buffer.read(), sys.argv[2]))
    elif sys.argv[1] == "--seal-v1":
        sys.stdout.write(seal(sys.stdin.buffer.read(), sys.argv[2], "gamecloud-handoff 1"))
    else:
        with open(sys.argv[1], encoding="utf-8") as f:
            sys.stdout.write(open_file(f.read(), sys.argv[2]).decode())
