import UIKit

/// The lobby's welcome in Arabic, laid out right to left: the screen a visitor reading Arabic gets from the home
/// screen's "الاستقبال" (reception) tile. Only this screen is forced right-to-left; the rest follows the panel.
final class LobbyViewController: UIViewController {
    private struct Item {
        var symbol: String
        var title: String
        var detail: String
    }

    private let items = [
        Item(symbol: "clock", title: "ساعات العمل", detail: "من الأحد إلى الخميس، ٨ صباحًا – ٦ مساءً"),
        Item(symbol: "person.fill", title: "مكتب الاستقبال", detail: "الطابق الأرضي، على يمين المدخل"),
        Item(symbol: "wifi", title: "شبكة الضيوف", detail: "Atrium-Guest — اطلب كلمة المرور من الاستقبال"),
        Item(symbol: "location.fill", title: "موقف السيارات", detail: "الطابق السفلي، ساعتان مجانًا للزوار"),
        Item(symbol: "leaf", title: "المقهى", detail: "الطابق الأول، مفتوح حتى ٤ مساءً"),
    ]

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "الاستقبال"
        view.semanticContentAttribute = .forceRightToLeft
        view.backgroundColor = .systemGroupedBackground

        let welcome = UILabel()
        welcome.text = "أهلًا وسهلًا في أتريوم هاوس"
        welcome.font = .systemFont(ofSize: 38, weight: .bold)
        welcome.textAlignment = .natural
        let intro = UILabel()
        intro.text = "هذه الشاشة تساعدك في العثور على ما تحتاجه في المبنى. للمساعدة، تفضل بزيارة مكتب الاستقبال."
        intro.font = .preferredFont(forTextStyle: .title3)
        intro.textColor = .secondaryLabel
        intro.numberOfLines = 0
        intro.textAlignment = .natural

        let list = UIStackView(arrangedSubviews: items.map(row))
        list.axis = .vertical
        list.spacing = 12
        var call = UIButton.Configuration.filled()
        call.title = "اتصل بالاستقبال"
        call.image = UIImage(systemName: "phone.fill")
        call.imagePadding = 10
        call.cornerStyle = .large
        call.baseBackgroundColor = .systemTeal
        let callButton = UIButton(configuration: call)
        callButton.addAction(UIAction { [unowned self] _ in
            let alert = UIAlertController(title: "جارٍ الاتصال…", message: "سيجيبك موظف الاستقبال بعد لحظات.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "حسنًا", style: .default))
            present(alert, animated: true)
        }, for: .touchUpInside)

        let column = UIStackView(arrangedSubviews: [welcome, intro, list, callButton])
        column.axis = .vertical
        column.alignment = .fill
        column.spacing = 16
        column.setCustomSpacing(28, after: intro)
        column.setCustomSpacing(28, after: list)
        column.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(column)
        let safe = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            column.topAnchor.constraint(equalTo: safe.topAnchor, constant: 28),
            column.leadingAnchor.constraint(equalTo: safe.leadingAnchor, constant: 60),
            column.trailingAnchor.constraint(equalTo: safe.trailingAnchor, constant: -60),
            callButton.heightAnchor.constraint(equalToConstant: 52),
        ])
    }

    /// One line of information: a symbol at the leading edge (the right, here), a title and its detail.
    private func row(_ item: Item) -> UIView {
        let icon = UIImageView(image: UIImage(systemName: item.symbol, withConfiguration: UIImage.SymbolConfiguration(pointSize: 24)))
        icon.tintColor = .systemTeal
        icon.contentMode = .center
        let title = UILabel()
        title.text = item.title
        title.font = .preferredFont(forTextStyle: .headline)
        let detail = UILabel()
        detail.text = item.detail
        detail.font = .preferredFont(forTextStyle: .body)
        detail.textColor = .secondaryLabel
        let texts = UIStackView(arrangedSubviews: [title, detail])
        texts.axis = .vertical
        texts.spacing = 2
        let line = UIStackView(arrangedSubviews: [icon, texts])
        line.spacing = 16
        line.alignment = .center
        line.isLayoutMarginsRelativeArrangement = true
        line.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 12, leading: 16, bottom: 12, trailing: 16)
        line.backgroundColor = .secondarySystemGroupedBackground
        line.layer.cornerRadius = 14
        icon.widthAnchor.constraint(equalToConstant: 36).isActive = true
        return line
    }
}
