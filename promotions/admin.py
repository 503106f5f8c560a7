"""Staff screens: promotions are edited here; rewards and draws are read here (written only by the
services), and a prize is marked handed over with an action."""

from django.contrib import admin, messages
from django.utils.html import format_html_join

from promotions.models import Draw, Promotion, Reward
from promotions.services import reward_hand_over


@admin.register(Promotion)
class PromotionAdmin(admin.ModelAdmin):
    list_display = (
        "title",
        "kind",
        "is_active",
        "starts_on",
        "ends_on",
        "monthly_threshold",
        "monthly_cap",
        "winners",
        "coin_step",
        "earphones_threshold",
        "sequence",
    )
    list_filter = ("kind", "is_active")
    list_editable = ("is_active", "sequence")
    search_fields = ("title",)
    fieldsets = (
        (
            None,
            {
                "fields": (
                    "kind",
                    "title",
                    "description",
                    "title_te",
                    "description_te",
                    "image",
                    "is_active",
                    "sequence",
                    "starts_on",
                    "ends_on",
                )
            },
        ),
        ("Gold-coin lucky draw", {"fields": ("monthly_threshold", "monthly_cap", "winners")}),
        ("Silver coins", {"fields": ("coin_step", "earphones_threshold")}),
    )

    def has_delete_permission(self, request, obj=None) -> bool:
        # Rewards and draws keep pointing at it: switch it off instead.
        return False


@admin.register(Reward)
class RewardAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "customer",
        "promotion",
        "prize",
        "quantity",
        "month",
        "order",
        "status",
        "created_at",
        "handed_over_at",
    )
    list_filter = ("status", "prize", "promotion")
    search_fields = ("customer__phone_no", "customer__name", "order__public_id", "order__invoice_number")
    list_select_related = ("customer", "promotion", "order")
    date_hierarchy = "month"
    actions = ["mark_handed_over"]
    readonly_fields = [field.name for field in Reward._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.action(description="Mark the selected prizes handed over")
    def mark_handed_over(self, request, queryset):
        done = sum(reward_hand_over(reward=reward, by=request.user) for reward in queryset)
        skipped = queryset.count() - done
        self.message_user(request, f"{done} prize(s) marked handed over.", messages.SUCCESS)
        if skipped:
            self.message_user(
                request,
                f"{skipped} skipped: only confirmed coins and earphones, and coupons that won, can be handed over.",
                messages.WARNING,
            )


@admin.register(Draw)
class DrawAdmin(admin.ModelAdmin):
    list_display = ("promotion", "month", "seed", "coupons", "winner_count", "ran_by", "ran_at")
    list_filter = ("promotion",)
    date_hierarchy = "month"
    list_select_related = ("promotion", "ran_by")
    readonly_fields = ("promotion", "month", "seed", "eligible", "winner_list", "how_to_check", "ran_by", "ran_at")
    exclude = ("winners",)

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("winners__customer")

    def has_add_permission(self, request) -> bool:
        return False  # `manage.py lucky_draw` or the beat task

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # a draw is a record: read only

    @admin.display(description="check it")
    def how_to_check(self, draw: Draw) -> str:
        coupons = sorted(entry["reward"] for entry in draw.eligible)
        return f"random.Random({draw.seed}).sample({coupons}, {min(draw.promotion.winners, len(coupons))})"

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    @admin.display(description="eligible coupons")
    def coupons(self, draw: Draw) -> int:
        return len(draw.eligible)

    @admin.display(description="winners")
    def winner_count(self, draw: Draw) -> int:
        return len(draw.winners.all())

    @admin.display(description="winners")
    def winner_list(self, draw: Draw):
        return format_html_join(
            "",
            "<div>coupon {} — {} ({}): {}</div>",
            ((r.pk, r.customer.name, r.customer.phone_no, r.get_status_display()) for r in draw.winners.all()),
        )
