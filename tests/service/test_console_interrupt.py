"""Ctrl-C in the offline console (issue 55, finding 8): it stops at once, even while the
console waits for a line, says in the game's language that the game is saved, and shows no
traceback, run directly (python bot.py --offline) or through tasks.py (python3 tasks.py bot
--offline), where the terminal interrupts both processes."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _interrupt_at_the_prompt(command: list[str], group: bool) -> tuple[int, str, str]:
    """Start ``command``, wait for the console's prompt, press Ctrl-C (SIGINT to the process,
    or to its whole group as a terminal does), and return its exit code, stdout and stderr."""
    proc = subprocess.Popen(command, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=group)
    out: list[str] = []
    err: list[str] = []
    readers = [threading.Thread(target=lambda s=s, into=into: into.extend(iter(lambda: s.read(1), "")), daemon=True)
               for s, into in ((proc.stdout, out), (proc.stderr, err))]
    for r in readers:
        r.start()
    try:
        deadline = time.monotonic() + 90
        while "Joueur 1> " not in "".join(out) and "Player 1> " not in "".join(out):
            assert time.monotonic() < deadline and proc.poll() is None, "".join(out) + "".join(err)
            time.sleep(0.1)
        time.sleep(0.3)
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=15)  # at once: no Enter is needed
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    for r in readers:
        r.join(timeout=5)
    return code, "".join(out), "".join(err)


def test_ctrl_c_run_directly_stops_at_once_in_the_games_language(tmp_path):
    code, out, err = _interrupt_at_the_prompt(
        [sys.executable, "bot.py", "--offline", "--lang", "fr", "--seed", "3", "--out", str(tmp_path)], group=False)
    assert code == 130, err
    assert "Arrêté ; la partie n°1 est enregistrée : reprenez-la plus tard avec --resume 1." in out
    assert "Traceback" not in err and "Stopped" not in out + err


def test_ctrl_c_under_tasks_py_stops_both_without_a_traceback(tmp_path):
    code, out, err = _interrupt_at_the_prompt(
        [sys.executable, "tasks.py", "bot", "--offline", "--seed", "3", "--out", str(tmp_path)], group=True)
    assert code == 130, err
    assert "Stopped; game #1 is saved: carry on later with --resume 1." in out
    assert "Traceback" not in err
