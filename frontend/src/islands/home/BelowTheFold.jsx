// The home page below its first screen: Featured Categories and the budget packages, with the
// product cards they show. A chunk of its own, loaded after the first screen's code (issue 34: JS
// at start); on a page the server rendered, its markup is already there and hydrates when it comes.
import BudgetGrid from "./BudgetGrid";
import FeaturedCategories from "./FeaturedCategories";

export default function BelowTheFold({ featured }) {
  return (
    <>
      <FeaturedCategories categories={featured} />
      <BudgetGrid />
    </>
  );
}
