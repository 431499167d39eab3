export {
  errorsByName,
  Field,
  fieldId,
  formAnswer,
  FormErrorSummary,
  sentValues,
  type FormRefusal,
} from './ui/form-parts.tsx';
export { ExamRecordForm } from './ui/exam-record-form.tsx';
