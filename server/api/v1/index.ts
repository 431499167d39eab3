import { createApiRouter } from '../router.ts';
import { backofficeApi } from './backoffice.ts';
import { backofficeCalibrationApi } from './backoffice-calibration.ts';
import { backofficeCodesApi } from './backoffice-codes.ts';
import { backofficeCustomersApi } from './backoffice-customers.ts';
import { backofficeExamDataApi } from './backoffice-exam-data.ts';
import { backofficeRefundsApi } from './backoffice-refunds.ts';
import { backofficeStockApi } from './backoffice-stock.ts';
import { backofficeStudyContentApi } from './backoffice-study-content.ts';
import { cartApi } from './cart.ts';
import { classesApi } from './classes.ts';
import { clientErrorsApi } from './client-errors.ts';
import { consentApi } from './consent.ts';
import { contactApi } from './contact.ts';
import { gradesApi } from './grades.ts';
import { ordersApi } from './orders.ts';
import { parentsApi } from './parents.ts';
import { planApi } from './plan.ts';
import { newsletterApi } from './newsletter.ts';
import { productsApi } from './products.ts';
import { searchApi } from './search.ts';
import { stockNoticesApi } from './stock-notices.ts';
import { studyApi } from './study.ts';
import { subjectsApi } from './subjects.ts';
import { usersApi } from './users.ts';

/** Version 1 of the JSON API (spec §7), one file per resource. User routes arrive with auth. */
export function createApiV1() {
  return createApiRouter()
    .route('/', productsApi())
    .route('/', consentApi())
    .route('/', clientErrorsApi())
    .route('/', contactApi())
    .route('/', newsletterApi())
    .route('/', searchApi())
    .route('/', usersApi())
    .route('/', gradesApi())
    .route('/', subjectsApi())
    .route('/', studyApi())
    .route('/', planApi())
    .route('/', cartApi())
    .route('/', ordersApi())
    .route('/', stockNoticesApi())
    .route('/', classesApi())
    .route('/', parentsApi())
    .route('/', backofficeApi())
    .route('/', backofficeRefundsApi())
    .route('/', backofficeCodesApi())
    .route('/', backofficeStockApi())
    .route('/', backofficeCustomersApi())
    .route('/', backofficeCalibrationApi())
    .route('/', backofficeExamDataApi())
    .route('/', backofficeStudyContentApi());
}
