from django.urls import path

from books import api

urlpatterns = [
    path("books/gstr1", api.Gstr1View.as_view(), name="books-gstr1"),
    path("books/gstr1/filing", api.Gstr1FilingView.as_view(), name="books-gstr1-filing"),
    path("books/gstr1.xlsx", api.Gstr1WorkbookView.as_view(), name="books-gstr1-workbook"),
    path("books/gstr3b", api.Gstr3bView.as_view(), name="books-gstr3b"),
    path("books/tally.xml", api.TallyView.as_view(), name="books-tally"),
    *(
        path(
            f"books/registers/{name}.{'xlsx' if excel else 'csv'}",
            view.as_view(),
            name=f"books-{name}-register{'-workbook' if excel else ''}",
        )
        for (name, excel), view in api.REGISTER_VIEWS.items()
    ),
]
