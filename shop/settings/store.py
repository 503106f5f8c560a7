"""The store's identity: its address, names, numbers and where it delivers."""

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env

# --- The shop itself ------------------------------------------------------------------------------
SITE_URL = env.url(
    "SITE_URL",
    "http://127.0.0.1:8000",
    schemes=("http", "https"),
    meaning="the shop's public address (payment return URLs, SMS links)",
)
STORE_NAME = env.text("STORE_NAME", "SMLR Mart", meaning="shown in the header, invoices and SMS")
STORE_WHATSAPP_NUMBER = env.text(
    "STORE_WHATSAPP_NUMBER",
    "919876543210",
    meaning="Say Hi To Order and Order on WhatsApp chat links (a demo number by default)",
)
STORE_SUPPORT_EMAIL = env.text("STORE_SUPPORT_EMAIL", "care@smlrmart.in", meaning="footer and invoice")
# One phone number for the shop (issue 45: order-by-phone and Say Hi showed another than the footer
# and the invoice): every page, paper and SMS that gives a number to call reads this one.
STORE_SUPPORT_PHONE = env.text(
    "STORE_SUPPORT_PHONE",
    "+91 98765 43210",
    meaning="the shop's phone number everywhere: Order by phone, Say Hi's call link, footer, invoice, SMS (a demo number by default)",
)
STORE_GST_NUMBER = env.text("STORE_GST_NUMBER", "37ABCDE1234F1Z5", meaning="invoice (a demo value by default)")
# The counter's UPI QR (`counter.upi`): the shop's UPI ID (VPA) a shopper's app pays the bill's exact amount to.
STORE_UPI_ID = env.text(
    "STORE_UPI_ID", "smlrmart@sbi", meaning="the shop's UPI ID shown as a QR at the counter (a demo value by default)"
)
# The state the store is registered in for GST (its GSTIN starts with the state's code, 37): delivery
# inside it is taxed CGST + SGST, elsewhere IGST (`orders.tax`).
STORE_STATE = env.text(
    "STORE_STATE",
    "Andhra Pradesh",
    meaning="the state the store is registered in for GST (its GSTIN's first two digits are that state's code): "
    "orders delivered inside it are taxed CGST + SGST, elsewhere (Yanam, Puducherry) IGST",
)
STORE_FSSAI_NUMBER = env.text("STORE_FSSAI_NUMBER", "10123456000123", meaning="invoice (a demo value by default)")
# GST returns (`books.gstr1`): an inter-state sale to a consumer above this many rupees is a B2C
# (Large) invoice, reported one by one; the HSN summary's codes have 4 digits, 6 once the aggregate
# turnover of the previous year was over 5 crore rupees.
GST_B2CL_THRESHOLD = env.integer(
    "GST_B2CL_THRESHOLD",
    100000,
    minimum=1,
    meaning="GSTR-1's B2C (Large) invoice value, in rupees (1 lakh since August 2024)",
)
GST_HSN_DIGITS = int(
    env.choice(
        "GST_HSN_DIGITS",
        "4",
        choices=("4", "6"),
        meaning="digits of HSN codes in GSTR-1's HSN summary (6 over 5 crore turnover)",
    )
)
# The accountant's TallyPrime (`books.tally`): the ledgers the period's vouchers post to, by name as
# they are in the company's books ({rate} is the GST rate, {half} half of it: "Output CGST 2.5%").
_LEDGER = "TallyPrime ledger the books' XML posts "
TALLY_COMPANY = env.text(
    "TALLY_COMPANY", "", meaning="the TallyPrime company the vouchers import into (blank: the company open in Tally)"
)
TALLY_LEDGERS = {
    "sales": env.text("TALLY_SALES_LEDGER", "Sales @{rate}%", meaning=_LEDGER + "each rate's taxable sales to"),
    "exempt_sales": env.text("TALLY_EXEMPT_SALES_LEDGER", "Sales exempt", meaning=_LEDGER + "exempt sales to"),
    "delivery": env.text(
        "TALLY_DELIVERY_LEDGER", "Delivery charges @{rate}%", meaning=_LEDGER + "delivery charges (SAC 996813) to"
    ),
    "output_cgst": env.text("TALLY_OUTPUT_CGST_LEDGER", "Output CGST {half}%", meaning=_LEDGER + "CGST on sales to"),
    "output_sgst": env.text("TALLY_OUTPUT_SGST_LEDGER", "Output SGST {half}%", meaning=_LEDGER + "SGST on sales to"),
    "output_igst": env.text("TALLY_OUTPUT_IGST_LEDGER", "Output IGST {rate}%", meaning=_LEDGER + "IGST on sales to"),
    "purchase": env.text(
        "TALLY_PURCHASE_LEDGER", "Purchase @{rate}%", meaning=_LEDGER + "each rate's taxable purchases to"
    ),
    "input_cgst": env.text("TALLY_INPUT_CGST_LEDGER", "Input CGST {half}%", meaning=_LEDGER + "CGST on purchases to"),
    "input_sgst": env.text("TALLY_INPUT_SGST_LEDGER", "Input SGST {half}%", meaning=_LEDGER + "SGST on purchases to"),
    "input_igst": env.text("TALLY_INPUT_IGST_LEDGER", "Input IGST {rate}%", meaning=_LEDGER + "IGST on purchases to"),
    "cash": env.text(
        "TALLY_CASH_LEDGER", "Cash", meaning=_LEDGER + "cash (the counter's, and cash or UPI paid at the door) to"
    ),
    "upi": env.text("TALLY_UPI_LEDGER", "UPI clearing", meaning=_LEDGER + "the counter's UPI payments to"),
    "card": env.text("TALLY_CARD_LEDGER", "Card clearing", meaning=_LEDGER + "the counter's card payments to"),
    "store_credit": env.text(
        "TALLY_STORE_CREDIT_LEDGER",
        "Store credit",
        meaning=_LEDGER
        + "store credit, a liability (a counter tender, what a website or phone order spent, and refunds given as credit) to",
    ),
    "online": env.text(
        "TALLY_ONLINE_LEDGER", "Online payments clearing", meaning=_LEDGER + "orders paid online (the gateway) to"
    ),
}
STORE_ADDRESS = env.text(
    "STORE_ADDRESS", "Main Road, Amalapuram, Andhra Pradesh 533201", meaning="invoice (a demo value by default)"
)
# The seller and grievance officer the Consumer Protection (E-Commerce) Rules 2020 ask the site to
# name (`common/seller.py`; `manage.py compliance_audit` fails while one is blank).
STORE_LEGAL_NAME = env.text(
    "STORE_LEGAL_NAME", "SMLR Mart Retail Private Limited", meaning="footer, invoice (a demo value by default)"
)
_OFFICER = "the grievance officer on /grievance.html and in the footer (a demo value by default)"
GRIEVANCE_OFFICER_NAME = env.text("GRIEVANCE_OFFICER_NAME", "K. Lakshmi Prasad", meaning=_OFFICER)
GRIEVANCE_OFFICER_DESIGNATION = env.text(
    "GRIEVANCE_OFFICER_DESIGNATION", "Grievance Officer and Customer Care Manager", meaning=_OFFICER
)
GRIEVANCE_OFFICER_PHONE = env.text("GRIEVANCE_OFFICER_PHONE", "+91 98765 43211", meaning=_OFFICER)
GRIEVANCE_OFFICER_EMAIL = env.text("GRIEVANCE_OFFICER_EMAIL", "grievance@smlrmart.in", meaning=_OFFICER)
_SOCIAL = "footer social links"
STORE_SOCIAL_LINKS = {
    "facebook": env.text("STORE_FACEBOOK_URL", "https://www.facebook.com/smlrmart", meaning=_SOCIAL),
    "instagram": env.text("STORE_INSTAGRAM_URL", "https://www.instagram.com/smlrmart", meaning=_SOCIAL),
    "youtube": env.text("STORE_YOUTUBE_URL", "https://www.youtube.com/@smlrmart", meaning=_SOCIAL),
    "x": env.text("STORE_X_URL", "https://x.com/smlrmart", meaning=_SOCIAL),
}
GOOGLE_MAPS_API_KEY = env.secret(
    "GOOGLE_MAPS_API_KEY",
    meaning="optional Places autocomplete in the delivery checker (setting it also lets the Maps hosts through the "
    "content security policy); without it the checker suggests towns and localities from the offline post-office "
    "data",
)
DELIVERY_STATES = ["Andhra Pradesh", "Puducherry"]


def _pincode_pair(pair: str) -> bool:
    pin, _, town = pair.partition(":")
    if not (pin.strip().isascii() and pin.strip().isdigit() and len(pin.strip()) == 6 and town.strip()):
        raise ImproperlyConfigured(f"DELIVERY_PINCODES: {pair!r} is not valid: expected a 6-digit pincode:Town")
    return True


# Pincode -> town the shop delivers to. Override with DELIVERY_PINCODES="533201:Amalapuram,...".
DELIVERY_PINCODES = {
    pin.strip(): town.strip()
    for pin, town in (
        pair.split(":", 1)
        for pair in env.listing(
            "DELIVERY_PINCODES",
            "533201:Amalapuram,533001:Kakinada,533212:Mummidivaram,533464:Yanam,"
            "533222:Uppalaguptam,533213:Uppalaguptam",
            shown="the six pincodes of the spec",
            meaning="`pincode:Town,...` the shop delivers to",
        )
        if _pincode_pair(pair)
    )
}
