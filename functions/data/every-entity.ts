import { aggregateEntity } from './aggregate-entities.js';
import { recruitedByEntity, recruitEntity } from './ambassador-entities.js';
import { campaignEntity } from './campaigns.js';
import { customerMergeEntity, customerTermEntity } from './customer-index.js';
import { discountEntity, endedDiscountEntity } from './discount-entities.js';
import { consultantEntity, csvHashEntity, csvJobEntity, customerEntity, orderEntity, rewardSettingsEntity } from './entities.js';
import { failedJobEntity } from './failed-jobs.js';
import { automationSettingsEntity, emailTemplateEntity, templateCounterEntity } from './email-template-entities.js';
import { followUpDueEntity } from './follow-up-entities.js';
import { importBatchEntity } from './import-batch-entity.js';
import { chatMessageEntity, phoneMeetingEntity, supportTicketEntity } from './help-entities.js';
import { integrationEntity, platformSyncEntity } from './integration-entities.js';
import { orderNumberClaimEntity, orderNumberEntity } from './order-index.js';
import { billingEntity, chargeEntity, usedTokenEntity } from './payments.js';
import { productEntity, productTermEntity } from './product-entities.js';
import { fulfilledRewardEntity, rewardJobRunEntity, rewardMemberEntity, rewardPointsEntity, rewardStatsEntity } from './reward-entities.js';
import { deliveryClaimEntity, labelBatchEntity, labelBatchOrderEntity, labelEntity, postageEntity, shipmentMonthEntity } from './shipping-entities.js';

/**
 * Every entity of the single table, by the name a transaction gives it. No function imports this (check-imports rule
 * g): each transaction names its own entities (ElectroDB's createWriteTransaction), so a function builds only the
 * entities it uses (table.ts onFirstUse). The tests join them all in one Service, which checks that they share the
 * service and the table, and read every partition of a seller from their models.
 */
export const everyEntity = () => ({
  consultant: consultantEntity(),
  customer: customerEntity(),
  order: orderEntity(),
  orderNumber: orderNumberEntity(),
  orderNumberClaim: orderNumberClaimEntity(),
  csvJob: csvJobEntity(),
  csvHash: csvHashEntity(),
  rewardSettings: rewardSettingsEntity(),
  rewardMember: rewardMemberEntity(),
  rewardPoints: rewardPointsEntity(),
  fulfilledReward: fulfilledRewardEntity(),
  rewardStats: rewardStatsEntity(),
  rewardJobRun: rewardJobRunEntity(),
  customerTerm: customerTermEntity(),
  customerMerge: customerMergeEntity(),
  postage: postageEntity(),
  label: labelEntity(),
  labelBatch: labelBatchEntity(),
  labelBatchOrder: labelBatchOrderEntity(),
  shipmentMonth: shipmentMonthEntity(),
  aggregate: aggregateEntity(),
  deliveryClaim: deliveryClaimEntity(),
  supportTicket: supportTicketEntity(),
  phoneMeeting: phoneMeetingEntity(),
  chatMessage: chatMessageEntity(),
  failedJob: failedJobEntity(),
  billing: billingEntity(),
  charge: chargeEntity(),
  usedToken: usedTokenEntity(),
  product: productEntity(),
  productTerm: productTermEntity(),
  integration: integrationEntity(),
  platformSync: platformSyncEntity(),
  discount: discountEntity(),
  endedDiscount: endedDiscountEntity(),
  emailTemplate: emailTemplateEntity(),
  templateCounter: templateCounterEntity(),
  automationSettings: automationSettingsEntity(),
  followUpDue: followUpDueEntity(),
  recruit: recruitEntity(),
  recruitedBy: recruitedByEntity(),
  campaign: campaignEntity(),
  importBatch: importBatchEntity(),
});
