/**
 * Test fixture: a whole associate application that every schema accepts, as the form sends it.
 * Each call returns a fresh copy for a test to change.
 */

/** An upload's path as the API hands it out. */
export const file = (n: number) => `/api/v1/uploads/${n.toString(16).padStart(24, '0')}`;

export function validApplication() {
  return {
    personalInfo: {
      firstName: 'Asha',
      middleName: '',
      lastName: 'Rao',
      dob: '1990-05-17',
      gender: 'Female',
      currentAddress: '12 MG Road',
      permanentAddress: '4 Lake View',
      city: 'Bengaluru',
      state: 'Karnataka',
      postalCode: '560001',
      country: 'India',
      email: 'asha@example.in',
      phone: '+91 98765 43210',
      emergencyContact: { name: 'Ravi Rao', relationship: 'Brother', phone: '9876501234' },
      resumeUrl: file(1),
      linkedin: 'https://www.linkedin.com/in/asha',
      Doc: [
        { documentType: 'aadhar', documentId: '2345 6789 0123', frontImage: file(2), backImage: file(3) },
        { documentType: 'pan', documentId: 'abcde1234f', frontImage: file(4), backImage: file(5) },
      ],
      bloodGroup: 'O+',
    },
    employmentDetails: [
      {
        id: 'e1',
        organization: 'City Clinic',
        jobTitle: 'Counsellor',
        startDate: '2018-01-01',
        endDate: '2022-12-31',
        employmentType: 'Full-time',
        isCurrentJob: false,
      },
    ],
    salarySlip: file(6),
    educationDetails: [
      {
        id: 'ed1',
        level: "Master's Degree",
        degreeName: 'MA Psychology',
        institutionName: 'Bangalore University',
        graduationYear: 2015,
        major: 'Clinical Psychology',
      },
    ],
    bankAccount: {
      accountHolder: 'Asha Rao',
      bankName: 'State Bank of India',
      branchName: 'MG Road',
      accountNumber: '1234 5678 9012',
      ifsc: 'sbin0001234',
      upi: 'asha@okaxis',
    },
    verificationConsent: true as boolean,
  };
}
