import { Link } from 'react-router';
import { FLOW } from '../lib/flow.ts';
import './home.css';

export default function AboutPage() {
  return (
    <article className="zl-panel zl-article">
      <h1>关于我们</h1>
      <p>
        展览供应商接单平台连接参展商与展览工厂、展台搭建商。参展商在平台发布特装展台、标准展位、展厅展馆、舞台活动等项目，
        经平台审核后进入项目大厅；供应商按统一的需求清单报价，参展商比较后选定中标方，双方在线完成签约、施工、验收与结算。
      </p>
      <h2>我们为供应商做什么</h2>
      <ul>
        <li>项目真实：每个项目都经过平台审核，展期、面积、场馆和需求清单一目了然。</li>
        <li>报价规范：地面、背板、门头、展示、接待、美工、租赁七类清单逐项报价，减少扯皮。</li>
        <li>回款有保障：参展商预付款由平台托管，验收通过后结算到供应商账户，可随时申请提现。</li>
        <li>展示实力：企业主页集中展示案例、设计作品、服务与客户评价，帮助赢得更多项目。</li>
      </ul>
      <h2>接单流程</h2>
      <ol>
        {FLOW.map((s) => (
          <li key={s.title}>
            <b>{s.title}</b>：{s.text}
          </li>
        ))}
      </ol>
      <h2>平台规则摘要</h2>
      <ul>
        <li>一个手机号对应一个会员账号；报价前需完成实名认证或企业认证。</li>
        <li>每个项目每位供应商只能报价一次，中标前可修改；报价消耗项目设定的金币，项目取消或流标时退还。</li>
        <li>参展商的预付款由平台托管，验收通过后结算给中标供应商；有投诉时由平台裁决分配。</li>
        <li>身份证件等认证资料仅您本人和平台审核人员可见。</li>
      </ul>
      <h2 id="fees">费用说明</h2>
      <table className="zl-fees">
        <thead>
          <tr>
            <th scope="col">项目</th>
            <th scope="col">费用</th>
            <th scope="col">说明</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>注册、认证、浏览项目</td>
            <td>免费</td>
            <td>供应商首次认证通过赠送 50 金币；每邀请一位好友完成认证奖励 10 金币</td>
          </tr>
          <tr>
            <td>报价</td>
            <td>项目设定的金币（1–100 个）</td>
            <td>1 金币 = ¥1.00；修改报价不再扣费；项目取消或流标时原数退还</td>
          </tr>
          <tr>
            <td>充值金币</td>
            <td>按金币数付款，无手续费</td>
            <td>支付宝付款，一次 10–5000 个金币</td>
          </tr>
          <tr>
            <td>平台服务费</td>
            <td>托管结算金额的 5%</td>
            <td>验收结算时从托管的预付款中扣除（按分向下取整），其余结算给供应商</td>
          </tr>
          <tr>
            <td>提现</td>
            <td>免费</td>
            <td>单笔最低 ¥10.00，每天最多 3 次，由平台财务审核打款</td>
          </tr>
        </tbody>
      </table>
      <p>
        具体规则见 <Link to="/help#escrow">帮助中心 · 预付款托管与验收</Link> 和{' '}
        <Link to="/help#withdraw">提现</Link>。使用中遇到问题，请先查看 <Link to="/help">帮助中心</Link>。
      </p>
    </article>
  );
}
