from mail_judge import MailJudge
from plantagenet_mail import Table


def test_scratch(judge: MailJudge) -> None:
    t = Table(judge)
    out = open("/tmp/pr/scratch.txt", "w")
    for m in t.mails_to("York"):
        out.write(f"=== {m.subject}\n{m.body}\n")
    print(t.send("York", "BOARD"), file=out)
