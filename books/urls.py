from django.urls import path

from books import api

urlpatterns = [
    path("books/gstr1", api.Gstr1View.as_view(), name="books-gstr1"),
    path("books/gstr3b", api.Gstr3bView.as_view(), name="books-gstr3b"),
    path("books/registers/sales.csv", api.SalesRegisterView.as_view(), name="books-sales-register"),
    path("books/registers/credit-notes.csv", api.CreditNotesRegisterView.as_view(), name="books-credit-notes-register"),
    path("books/registers/day-book.csv", api.DayBookView.as_view(), name="books-day-book"),
    path("books/registers/hsn.csv", api.HsnRegisterView.as_view(), name="books-hsn-register"),
]
