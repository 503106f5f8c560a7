// Every area of the islands' texts (frontend/src/i18n/<area>.js), for the catalog checks and the
// tests, which render components outside the page that would add their area.
import account from "./account";
import accountPanel from "./account-panel";
import adminBooks from "./admin-books";
import adminDashboard from "./admin-dashboard";
import adminOrders from "./admin-orders";
import adminPicking from "./admin-picking";
import adminProductEdit from "./admin-product-edit";
import adminProducts from "./admin-products";
import adminSlots from "./admin-slots";
import adminStock from "./admin-stock";
import adminTickets from "./admin-tickets";
import adminUserEdit from "./admin-user-edit";
import adminUsers from "./admin-users";
import aftersale from "./aftersale";
import buyAgain from "./buy-again";
import cart from "./cart";
import checkout from "./checkout";
import chrome from "./chrome";
import counter from "./counter";
import delivery from "./delivery";
import header from "./header";
import home from "./home";
import login from "./login";
import lowStock from "./low-stock";
import notify from "./notify";
import order from "./order";
import orderRefund from "./order-refund";
import orders from "./orders";
import packing from "./packing";
import payment from "./payment";
import phoneOrder from "./phone-order";
import paymentReturn from "./payment-return";
import privacy from "./privacy";
import product from "./product";
import reportProblem from "./report-problem";
import rider from "./rider";
import rewards from "./rewards";
import shop from "./shop";
import staff from "./staff";
import storeCredit from "./store-credit";

export const AREAS = [
  account,
  accountPanel,
  adminBooks,
  adminDashboard,
  adminOrders,
  adminPicking,
  adminProductEdit,
  adminProducts,
  adminSlots,
  adminStock,
  adminTickets,
  adminUserEdit,
  adminUsers,
  aftersale,
  buyAgain,
  cart,
  checkout,
  chrome,
  counter,
  delivery,
  header,
  home,
  login,
  lowStock,
  notify,
  order,
  orderRefund,
  orders,
  packing,
  payment,
  phoneOrder,
  paymentReturn,
  privacy,
  product,
  reportProblem,
  rider,
  rewards,
  shop,
  staff,
  storeCredit,
];
