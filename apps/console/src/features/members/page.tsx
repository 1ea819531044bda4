// The members section (issue 13, decision 0088): the search at /console/members and a
// member's page at /console/members/<memberNo>.
import { Route, Routes } from 'react-router';
import { MemberPage } from './components/member-page';
import { MemberSearch } from './components/search';
import './members.css';

export default function MembersPage() {
  return (
    <Routes>
      <Route index element={<MemberSearch />} />
      <Route path=":memberNo" element={<MemberPage />} />
    </Routes>
  );
}
