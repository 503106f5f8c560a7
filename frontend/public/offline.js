/* The offline page (offline.html): shows it in the shopper's language and makes "Try again" reload.
   The language is the one the shop keeps: the `django_language` cookie, else localStorage `lang`
   (frontend/src/lib/i18n.js). */
(function () {
  function chosenLanguage() {
    var cookie = document.cookie.match(/(?:^|;\s*)django_language=([^;]+)/);
    if (cookie) return decodeURIComponent(cookie[1]);
    try {
      return localStorage.getItem("lang");
    } catch (error) {
      return null;
    }
  }

  var language = chosenLanguage() === "te" ? "te" : "en";
  var titles = { en: "You are offline | SMLR Mart", te: "మీరు ఆఫ్‌లైన్‌లో ఉన్నారు | SMLR Mart" };
  document.documentElement.lang = language;
  document.title = titles[language];
  document.querySelectorAll("[data-language]").forEach(function (block) {
    block.hidden = block.getAttribute("data-language") !== language;
  });
  document.querySelectorAll(".offline__retry").forEach(function (button) {
    button.addEventListener("click", function () {
      location.reload();
    });
  });
})();
