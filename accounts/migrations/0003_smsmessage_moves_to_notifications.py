"""SmsMessage now belongs to notifications (its 0001 took over the table); accounts forgets the
model without touching the table."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_otp_sms_revoked_tokens"),
        ("notifications", "0001_initial"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="SmsMessage")],
            database_operations=[],
        ),
    ]
