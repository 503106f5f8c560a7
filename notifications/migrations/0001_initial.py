"""SmsMessage moves here from accounts. The table `accounts_smsmessage` already exists (accounts'
0002 created it, on a fresh database as on an old one), so this only tells Django's state about
it; accounts' 0003 then forgets the model on its side. No row is copied, none is lost."""

from django.db import migrations, models


def content_type_follows_the_model(apps, schema_editor):
    """Keep Django admin's history of SMS messages pointing at the model where it now lives."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="notifications", model="smsmessage").exists():
        ContentType.objects.filter(app_label="accounts", model="smsmessage").update(app_label="notifications")


def content_type_goes_back(apps, schema_editor):
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="accounts", model="smsmessage").exists():
        ContentType.objects.filter(app_label="notifications", model="smsmessage").update(app_label="accounts")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("accounts", "0002_otp_sms_revoked_tokens"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SmsMessage",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("phone_no", models.CharField(db_index=True, max_length=10, verbose_name="phone number")),
                        ("text", models.TextField()),
                        ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                        (
                            "status",
                            models.CharField(
                                choices=[("sent", "Sent"), ("failed", "Failed")], default="sent", max_length=10
                            ),
                        ),
                    ],
                    options={
                        "verbose_name": "SMS message",
                        "db_table": "accounts_smsmessage",
                        "ordering": ["-created_at", "-id"],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(content_type_follows_the_model, content_type_goes_back),
    ]
