"""The inventory's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class InventoryErrorCode(ErrorCode):
    ALREADY_POSTED = "already_posted", "The purchase or stock take was already posted"
    NOT_POSTED = "not_posted", "The purchase is not posted yet, so nothing can be returned from it"
    BAD_AMOUNT = "bad_amount", "A cost or MRP is not an amount in rupees"
    BAD_DATE = "bad_date", "A date is malformed or in the wrong order (packed, best-before, invoice)"
    BAD_DAYS = "bad_days", "The number of days asked for is out of range"
    BAD_FILE = "bad_file", "The CSV file cannot be read or lacks a column"
    FILE_TOO_LARGE = "file_too_large", "The CSV file is larger than the shop reads"
    BAD_INVOICE_NUMBER = "bad_invoice_number", "The supplier's invoice number is missing or too long"
    BAD_LEAD_TIME = "bad_lead_time", "The supplier's lead time is not a number of days"
    BAD_LINE = "bad_line", "A returned line is not a line of this purchase"
    BAD_PACK = "bad_pack", "No pack has that id or barcode"
    DUPLICATE_INVOICE = "duplicate_invoice", "This supplier's invoice number was entered already this year"
    DUPLICATE_SUPPLIER = "duplicate_supplier", "A supplier with this GSTIN exists already"
    NO_LINES = "no_lines", "The purchase or return has no lines"
    TOO_MANY = "too_many", "More lines than one purchase may hold"
    PRICE_ABOVE_MRP = "price_above_mrp", "The pack's selling price is above the MRP printed on it"
    RETURN_TOO_MANY = "return_too_many", "More returned than the purchase line holds"
    BAD_GROUPING = "bad_grouping", "Margins are grouped by day, category or pack only"
    BAD_EXPORT = "bad_export", "The only export of margins or a count sheet is csv"
    NO_MOBILE = "no_mobile", "The supplier has no mobile number a text can reach"
    NOTHING_TO_REORDER = "nothing_to_reorder", "No pack bought from this supplier is at or under its reorder level"
