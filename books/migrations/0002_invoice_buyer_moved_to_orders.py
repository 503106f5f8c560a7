"""The invoice's business buyer moved to the orders app (`orders.InvoiceBuyer`): the model leaves the
books' state only; its table `books_invoicebuyer` and its rows stay (orders 0016 takes them over)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("books", "0001_invoice_buyer")]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="InvoiceBuyer")]),
    ]
